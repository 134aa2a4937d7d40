// What other features use of service levels: the time-left chip of a ticket, and the bell's breaches.
export { SlaBreachList } from './components/sla-breach-list.tsx';
export { SlaChip } from './components/sla-chip.tsx';
export { useSlaBreaches } from './hooks/use-sla-breaches.ts';
