import { useId } from 'react';
import { Icon, type IconProps } from './ui-icons.tsx';

/** Simplified social and messenger glyphs, drawn here so no third-party asset is fetched. */

export const FacebookIcon = (p: IconProps) => (
  <Icon {...p} stroke="none" fill="currentColor">
    <path d="M13.5 21v-7.5H16l.5-3.2h-3V8.4c0-.9.4-1.6 1.7-1.6h1.4V4.1c-.3 0-1.2-.1-2.3-.1-2.4 0-3.9 1.4-3.9 4v2.3H7.5v3.2h2.9V21Z" />
  </Icon>
);

export const XTwitterIcon = (p: IconProps) => (
  <Icon {...p} stroke="none" fill="currentColor">
    <path d="M4 4h4.3l3.9 5.3L16.8 4h2.3l-5.9 6.8L20 20h-4.3l-4.2-5.7L6.5 20H4.2l6.3-7.2Z" />
  </Icon>
);

export const InstagramIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" />
  </Icon>
);

export const YoutubeIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2" y="5" width="20" height="14" rx="4" />
    <path d="m10 9 5 3-5 3Z" fill="currentColor" />
  </Icon>
);

export const TiktokIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5" />
    <path d="M14 3c.4 2.6 2.4 4.6 5 5" />
  </Icon>
);

export const TelegramIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21.5 4 2.5 11.3l6 2.2 2.2 6.5 3.4-4.1 5.2 3.9Z" />
    <path d="m8.5 13.5 13-9.5" />
  </Icon>
);

export const WhatsappIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20.5 12a8.5 8.5 0 0 1-12.6 7.4l-4.4 1.1 1.2-4.2A8.5 8.5 0 1 1 20.5 12Z" />
    <path
      d="M9 8.3c-.3 3.6 3 6.9 6.7 6.7l.9-1.4-1.9-1-1 .8a4 4 0 0 1-2.3-2.3l.8-1-1-1.9Z"
      fill="currentColor"
      strokeWidth={1}
    />
  </Icon>
);

export const AppleIcon = (p: IconProps) => (
  <Icon {...p} stroke="none" fill="currentColor">
    <path d="M16.4 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.2.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.2.9-1.3 1.3-2.5 1.3-2.6-.1 0-2.5-.9-2.5-3.8ZM14.1 5.8c.6-.8 1.1-1.8 1-2.8-.9 0-2 .6-2.6 1.4-.6.7-1.1 1.7-1 2.7 1 .1 2-.5 2.6-1.3Z" />
  </Icon>
);

export const AndroidIcon = (p: IconProps) => (
  <Icon {...p} stroke="none" fill="currentColor">
    <path d="M5 10.5h14v7a1.5 1.5 0 0 1-1.5 1.5h-1v2.5a1.3 1.3 0 0 1-2.5 0V19h-4v2.5a1.3 1.3 0 0 1-2.5 0V19h-1A1.5 1.5 0 0 1 5 17.5ZM3.2 10.5a1.2 1.2 0 0 1 1.2 1.2v4.6a1.2 1.2 0 0 1-2.4 0v-4.6a1.2 1.2 0 0 1 1.2-1.2Zm17.6 0a1.2 1.2 0 0 1 1.2 1.2v4.6a1.2 1.2 0 0 1-2.4 0v-4.6a1.2 1.2 0 0 1 1.2-1.2ZM5 9.5a7 7 0 0 1 3.6-5.7L7.5 2.2a.4.4 0 0 1 .7-.4l1.2 1.6a7.3 7.3 0 0 1 5.2 0l1.2-1.6a.4.4 0 0 1 .7.4l-1.1 1.6A7 7 0 0 1 19 9.5Zm4-2.8a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8Zm6 0a.9.9 0 1 0 0 1.8.9.9 0 0 0 0-1.8Z" />
  </Icon>
);

/** Age-restriction badge. The label is the accessible text (translated by the caller). */
export function AgeBadge({ label, age = 18, size = 44 }: { label: string; age?: number; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={label} data-testid="age-badge">
      <circle cx="24" cy="24" r="21.5" fill="none" stroke="#e53935" strokeWidth="4" />
      <text
        x="24"
        y="29.5"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontWeight="800"
        fontSize="16"
        fill="currentColor"
      >
        {`${age}+`}
      </text>
    </svg>
  );
}

/** The site's mark: a faceted gem in the brand gradient with a gold crown line. */
export function LogoMark({ size = 32 }: { size?: number }) {
  // Gradient ids must be unique per instance: the mark appears in the header and the drawer.
  const id = useId().replace(/:/g, '');
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#9b80ff" />
          <stop offset="1" stopColor="#4f3bd1" />
        </linearGradient>
        <linearGradient id={`${id}-a`} x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#ffe08a" />
          <stop offset="1" stopColor="#e0a526" />
        </linearGradient>
      </defs>
      <path d="M16 2 29 10v12l-13 8L3 22V10Z" fill={`url(#${id}-g)`} />
      <path d="M16 2v28M3 10l13 8 13-8" stroke="rgba(255,255,255,0.25)" strokeWidth="1" fill="none" />
      <path d="m9 13 3.5 3 3.5-5 3.5 5 3.5-3-1.5 7h-11Z" fill={`url(#${id}-a)`} />
    </svg>
  );
}
