/** Agent centre contract pages (spec §2, §3, §4) and the members' contract modal. */
export { ContractKindPage } from './routes/contract-kind-page.tsx';
export { RevenueReportPage } from './routes/revenue-report-page.tsx';
export { ContractModal } from './components/contract-modal.tsx';
