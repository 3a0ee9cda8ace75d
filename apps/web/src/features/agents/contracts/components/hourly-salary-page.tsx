import { SettlementPage } from './settlement-page';

/** The agent centre's hourly page (its route: centre-pages.ts). */
export default function Page() {
  return <SettlementPage kind="hourly" />;
}
