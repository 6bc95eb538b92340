import { useTranslation } from 'react-i18next';
import { HelpIcon } from '@app/ui';
import { PlaceholderPage } from '../../../shared/components/page-header.tsx';

/** /help and /helpmc. Help topics (/help#term, /help#<tag>) arrive with the help-centre issue. */
export function HelpPage({ kind }: { kind: 'help' | 'helpmc' }) {
  const { t } = useTranslation('pages');
  return <PlaceholderPage title={t(`${kind}.title`)} icon={<HelpIcon />} subtitle={t(`${kind}.subtitle`)} />;
}
