import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowUpIcon } from '@app/ui';

const SHOW_AFTER_PX = 240;

export function ScrollTopButton() {
  const { t } = useTranslation('layout');
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <button
      type="button"
      className={visible ? 'scroll-top is-visible' : 'scroll-top'}
      aria-label={t('scrollTop')}
      title={t('scrollTop')}
      tabIndex={visible ? 0 : -1}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      data-testid="scroll-top"
    >
      <ArrowUpIcon />
    </button>
  );
}
