import ConsoleArea from '@/features/admin/components/console-area';
import { SupportTopicContext } from '@/features/content/support';
import { useTopic } from '@/features/realtime';
import { ADMIN_DESKS } from './admin-desks';

/**
 * The operator console with every feature's desks (the console's lazy chunk starts here). The
 * support desk follows its /ws topic through the realtime feature, handed in here.
 */
export default function AdminRoute() {
  return (
    <SupportTopicContext.Provider value={useTopic}>
      <ConsoleArea desks={ADMIN_DESKS} />
    </SupportTopicContext.Provider>
  );
}
