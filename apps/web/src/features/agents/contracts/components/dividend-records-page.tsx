import { SettlementPage } from './settlement-page';

/** The agent centre's dividend page (its route: centre-pages.ts). */
export default function Page() {
  return <SettlementPage kind="dividend" />;
}
