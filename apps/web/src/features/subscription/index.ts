// What other features use of subscription: paying an invoice and hearing that it was paid.
export { CheckoutDialog } from './components/checkout-dialog.tsx';
export { usePaymentConfirmed } from './hooks/use-payment-confirmed.ts';
