/** The success screen's purchase confirmation with the query client it reads through: a lazy chunk of /success. */
import { CheckoutAccountNote, type AccountNoteProps } from '../../features/marketplace/components/CheckoutAccountNote';
import { QueryProvider } from '../QueryProvider';

export default function PaymentSuccessNote(props: AccountNoteProps) {
  return (
    <QueryProvider>
      <CheckoutAccountNote {...props} />
    </QueryProvider>
  );
}
