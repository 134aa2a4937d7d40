// What other features use of the dashboard: its chart panel (the reports draw in it too).
export { ChartCard } from './components/chart-card.tsx';
