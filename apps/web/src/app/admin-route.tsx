import ConsoleArea from '@/features/admin/components/console-area';
import { ADMIN_DESKS } from './admin-desks';

/** The operator console with every feature's desks (the console's lazy chunk starts here). */
export default function AdminRoute() {
  return <ConsoleArea desks={ADMIN_DESKS} />;
}
