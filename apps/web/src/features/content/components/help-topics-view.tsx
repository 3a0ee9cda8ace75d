import type { HelpTopic } from '@banca/contracts';
import { useTranslation } from 'react-i18next';
import { DocumentIcon } from '@/components/icons';
import '../content.css';

/**
 * Topics on the left, the chosen one's text on the right (one column on phones).
 * The topic body is the operator's own HTML from the help-centre settings, rendered as is:
 * it is authored in the operator console, never by players, like the rest of the brand's
 * configuration. If players could ever author it, it must be sanitised on the server first.
 */
export function HelpTopicsView({
  topics,
  selectedKey,
  onSelect,
}: {
  topics: HelpTopic[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
}) {
  const { t } = useTranslation();
  const selected = topics.find((topic) => topic.key === selectedKey) ?? topics[0];
  if (!selected) return null;
  return (
    <div className="help-topics">
      <nav className="help-topics__list" aria-label={t('help.topics')}>
        <ul>
          {topics.map((topic) => (
            <li key={topic.id}>
              <button
                type="button"
                className={
                  topic.key === selected.key ? 'help-topics__tab is-active' : 'help-topics__tab'
                }
                aria-current={topic.key === selected.key}
                onClick={() => onSelect(topic.key)}
                data-topic={topic.key}
              >
                <DocumentIcon />
                <span>{topic.title}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <article
        className="help-topics__article"
        aria-labelledby="help-topic-title"
        data-testid="help-topic"
        data-topic={selected.key}
      >
        <h2 id="help-topic-title" className="help-topics__title">
          {selected.title}
        </h2>
        <div className="help-html" dangerouslySetInnerHTML={{ __html: selected.content }} />
      </article>
    </div>
  );
}
