// What other features use of service levels: the time-left chip of a ticket, and the bell's breaches.
export { SlaChip } from './components/sla-chip.tsx';
