/**
 * /prompt-studio?session=<Checkout session>[&as=account]: the customization form after payment (issue 40). The
 * buyer answers the app's questions and saves versions of a prompt written from them; versions can be shown,
 * compared, restored, edited by hand and downloaded. Opened from the Get prompt dialog, the success screen and My
 * purchases, for the browser that paid or (`as=account`) the signed-in account: the server decides who may.
 */
import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStudio } from '../api/open-studio';
import type { StudioMode } from '../api/studio-routes';
import { messageOf } from '../utils/message-of';
import '../prompt-studio.css';

const openFailed = 'Could not open the customization form. Please try again later.';
const loadingText = 'Loading your customization form...';

/** The form: its own chunk, asked for with the purchase's state (../components/Studio.tsx). */
const loadStudio = () => import('../components/Studio');
const Studio = lazy(loadStudio);

export default function PromptStudioPage({ userId }: { userId?: string | undefined }) {
  const [params] = useSearchParams();
  const sessionId = params.get('session') ?? '';
  const mode: StudioMode = params.get('as') === 'account' ? 'account' : 'browser';
  const who = mode === 'account' ? userId : undefined;
  const studio = useStudio(mode, sessionId, who);
  // The form's code loads while the purchase's state is read, not after it.
  useEffect(() => {
    if (sessionId) void loadStudio();
  }, [sessionId]);
  return (
    <main id="main" className="container page prompt-studio">
      <h1>Tailor your prompt{studio.data ? `: ${studio.data.purchase.appName}` : ''}</h1>
      {!sessionId ? (
        <p>Open this page from your purchase: Get prompt on the marketplace, the success screen after paying, or My purchases on your profile.</p>
      ) : studio.isPending ? (
        <p className="studio-status">{loadingText}</p>
      ) : studio.isError ? (
        <p className="studio-notice studio-notice-alert" role="alert">
          {messageOf(studio.error, openFailed)}
        </p>
      ) : (
        <Suspense fallback={<p className="studio-status">{loadingText}</p>}>
          <Studio key={sessionId} mode={mode} who={who} state={studio.data} />
        </Suspense>
      )}
    </main>
  );
}

