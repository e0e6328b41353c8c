/** GlobalSignOut and AdminUserGlobalSignOut, which cognito-local lacks: the user's sessions end everywhere. */
import type { CognitoParts, Overrides } from './override';
import { UserNotFoundError } from '../../patches/cognito-local';

export function globalSignOut({ cognito, sessions }: CognitoParts): Overrides {
  return {
    async GlobalSignOut(_c, req) {
      const { pool, user } = await sessions.verifyAccessToken(req.AccessToken);
      await sessions.signOutEverywhere(pool, user);
      return {};
    },

    async AdminUserGlobalSignOut(c, req) {
      const pool = await cognito.getUserPool(c, String(req.UserPoolId));
      const user = await pool.getUserByUsername(c, String(req.Username));
      if (!user) throw new UserNotFoundError('User does not exist.');
      await sessions.signOutEverywhere(pool, user);
      return {};
    },
  };
}
