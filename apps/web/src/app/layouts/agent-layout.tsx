import { Outlet } from 'react-router';
import { AgentTopBar } from '@/features/agents';
import { useSystemInfo } from '@/features/system';
import { selectableLanguages, useLanguage } from '@/i18n';

/** Agent layout (/agent, /agentHome): no side menu, header or footer (docs/product.md §2). */
export function AgentLayout() {
  const info = useSystemInfo();
  const language = useLanguage();
  return (
    <div className="agent-layout">
      <AgentTopBar
        brand={info.theme.logoText || info.brandName}
        languages={selectableLanguages(info.languages, language)}
      />
      <main id="main-content" className="agent-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
