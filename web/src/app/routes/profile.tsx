/** /profile: the accounts feature's profile, with the marketplace feature's "My purchases" for the signed-in user. */
import ProfilePage from '../../features/accounts/pages/ProfilePage';
import { MyPurchases } from '../../features/marketplace/components/MyPurchases';
import { QueryProvider } from '../../lib/query-client';
import '../query-session';

export default function ProfileRoute() {
  return (
    <ProfilePage
      purchases={(user) => (
        <QueryProvider>
          <MyPurchases userId={user.sub} />
        </QueryProvider>
      )}
    />
  );
}
