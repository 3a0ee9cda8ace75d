import { SettlementPage } from './settlement-page';

/** The agent centre's realtime page (its route: centre-pages.ts). */
export default function Page() {
  return <SettlementPage kind="realtime" />;
}
