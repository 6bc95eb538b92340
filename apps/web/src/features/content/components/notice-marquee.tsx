import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MegaphoneIcon, Modal } from '@app/ui';
import { useSiteContent } from '../api/content.queries.ts';
import './notice-marquee.css';

/** Seconds per character: long notice lines scroll at the same reading speed as short ones. */
const SECONDS_PER_CHARACTER = 0.18;
const MIN_SECONDS = 12;

/**
 * Spec §2 notice marquee: the notices' titles scroll by; pressing the strip opens the notice
 * modal with all of them. Hidden when there is no notice.
 */
export function NoticeMarquee() {
  const { t } = useTranslation(['content', 'common']);
  const notices = useSiteContent()?.notices ?? [];
  const [isOpen, setOpen] = useState(false);
  if (notices.length === 0) return null;

  const characters = notices.reduce((sum, notice) => sum + notice.title.length, 0);
  const duration = Math.max(MIN_SECONDS, Math.round(characters * SECONDS_PER_CHARACTER));
  const line = (copy: 'first' | 'second') => (
    // Spans, not a list: a button may hold only phrasing content. The modal has the real list.
    <span className="notice-marquee__line" aria-hidden={copy === 'second' || undefined}>
      {notices.map((notice) => (
        <span key={notice.id} className="notice-marquee__item">
          {notice.title}
        </span>
      ))}
    </span>
  );

  return (
    <>
      <button
        type="button"
        className="notice-marquee"
        onClick={() => setOpen(true)}
        aria-label={t('content:notices.open', { count: notices.length })}
        data-testid="notice-marquee"
      >
        <span className="notice-marquee__icon">
          <MegaphoneIcon size={18} />
        </span>
        <span className="notice-marquee__viewport">
          {/* Two copies side by side: when the first has scrolled out, the second is exactly where it began. */}
          <span className="notice-marquee__track" style={{ animationDuration: `${duration}s` }}>
            {line('first')}
            {line('second')}
          </span>
        </span>
      </button>
      <Modal open={isOpen} onClose={() => setOpen(false)} title={t('content:notices.title')} closeLabel={t('common:actions.close')} testId="modal-notice">
        <ul className="card-stack">
          {notices.map((notice) => (
            <li key={notice.id} className="notice-list__item" data-testid="notice-item">
              <MegaphoneIcon size={16} />
              <span>{notice.title}</span>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
