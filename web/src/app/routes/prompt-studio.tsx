/**
 * /prompt-studio: the prompt studio feature's page (issue 40), its own lazy chunk (the form, the schemas and the
 * diff), with the query client it reads through and the signed-in user (the account's purchases are keyed by it).
 */
import PromptStudioPage from '../../features/prompt-studio/pages/PromptStudioPage';
import { useAuthStore } from '../../features/accounts/stores/auth';
import { QueryProvider } from '../QueryProvider';

export default function PromptStudioRoute() {
  const userId = useAuthStore((s) => s.user?.sub);
  return (
    <QueryProvider>
      <PromptStudioPage userId={userId} />
    </QueryProvider>
  );
}
