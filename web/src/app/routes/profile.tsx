/** /profile: the accounts feature's profile page, with the query client it reads and renames the profile through. */
import ProfilePage from '../../features/accounts/pages/ProfilePage';
import { QueryProvider } from '../QueryProvider';

export default function ProfileRoute() {
  return (
    <QueryProvider>
      <ProfilePage />
    </QueryProvider>
  );
}
