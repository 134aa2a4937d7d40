import { lazyNamed } from '../../../components/ui/lazy-dialog.tsx';

// The contact form (react-hook-form, zod and the shared schema) loads when first opened, for the
// screens that offer it only on demand (the ticket's contact drawer).
export const LazyContactModal = lazyNamed(() => import('./contact-modal.tsx').then((module) => module.ContactModal));
