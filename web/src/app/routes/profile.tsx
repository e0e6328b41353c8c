/**
 * /profile: the accounts feature's profile page, with the query client it reads and renames the profile through,
 * and the marketplace feature's "My purchases" for the signed-in user (issue 21).
 */
import ProfilePage from '../../features/accounts/pages/ProfilePage';
import { MyPurchases } from '../../features/marketplace/components/MyPurchases';
import { QueryProvider } from '../QueryProvider';

export default function ProfileRoute() {
  return (
    <QueryProvider>
      <ProfilePage purchases={(user) => <MyPurchases userId={user.sub} />} />
    </QueryProvider>
  );
}
