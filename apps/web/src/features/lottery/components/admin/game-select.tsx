import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/select-field';
import { gameName } from '../../lib/format';

/**
 * A lottery game chosen in a console form or filter: "all games" (the empty value) or one, by
 * its name in the console's language.
 */
export function GameSelect({
  id,
  label,
  allLabel,
  games,
  value,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  allLabel: string;
  games: ReadonlyArray<{ gameCode: string; nameEn: string; namePt: string }>;
  value: string;
  onChange: (gameCode: string) => void;
  testId: string;
}) {
  const { i18n } = useTranslation();
  return (
    <SelectField
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      data-testid={testId}
    >
      <option value="">{allLabel}</option>
      {games.map((g) => (
        <option key={g.gameCode} value={g.gameCode}>
          {gameName(g, i18n.language)}
        </option>
      ))}
    </SelectField>
  );
}
