/** The marketplace's Get prompt dialog with the query client it reads through: a lazy chunk of /marketplace. */
import { PromptDialog, type PromptDialogProps } from '../../features/marketplace/components/PromptDialog';
import { QueryProvider } from '../QueryProvider';

export default function MarketplacePromptDialog(props: PromptDialogProps) {
  return (
    <QueryProvider>
      <PromptDialog {...props} />
    </QueryProvider>
  );
}
