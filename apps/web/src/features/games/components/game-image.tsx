import { useState, type ReactNode } from 'react';
import './game-image.css';

/** Spec §4: an image that fails shows the fallback picture; if that fails too, the given icon. */
export const FALLBACK_GAME_IMAGE = '/media/fallback/game.svg';

interface GameImageProps {
  src: string;
  className?: string;
  fallbackSrc?: string;
  fallbackIcon: ReactNode;
  /** Intrinsic size, where the caller knows it: the box is reserved before the image arrives. */
  width?: number;
  height?: number;
  /** Empty by default: beside a name the picture is decoration. */
  alt?: string;
}

export function GameImage({ src, className, fallbackSrc = FALLBACK_GAME_IMAGE, fallbackIcon, width, height, alt = '' }: GameImageProps) {
  const [stage, setStage] = useState<'image' | 'fallback' | 'icon'>(src ? 'image' : 'fallback');
  const [loaded, setLoaded] = useState(false);
  if (stage === 'icon') {
    return (
      <span className={`${className ?? ''} game-image--icon`} data-testid="game-image-icon" aria-hidden="true">
        {fallbackIcon}
      </span>
    );
  }
  return (
    <img
      // Hidden until loaded: no broken-image glyph while loading or between the two attempts.
      className={`${className ?? ''} game-image${loaded ? '' : ' is-loading'}`}
      src={stage === 'image' ? src : fallbackSrc}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      data-testid="game-image"
      onLoad={() => setLoaded(true)}
      onError={() => {
        setLoaded(false);
        setStage(stage === 'image' ? 'fallback' : 'icon');
      }}
    />
  );
}
