import { useTranslation } from 'react-i18next';
import { Button, MoonIcon, SunIcon } from '@app/ui';
import { useTheme } from '../theme.ts';

export function ThemeToggle() {
  const { t } = useTranslation('layout');
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  const label = next === 'light' ? t('theme.toLight') : t('theme.toDark');
  return (
    <Button variant="ghost" icon aria-label={label} title={label} data-testid="theme-toggle" onClick={() => setTheme(next)}>
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </Button>
  );
}
