import type { GameType, Vendor } from '@app/contracts';
import { VendorTile } from './vendor-tile.tsx';
import './game-grid.css';
import './vendor-tile.css';

interface VendorGridProps {
  vendors: readonly Vendor[];
  gameType: GameType;
  onOpen: (vendor: Vendor) => void;
  highlighted?: string | null;
}

export function VendorGrid({ vendors, gameType, onOpen, highlighted }: VendorGridProps) {
  return (
    <ul className="vendor-grid" data-testid="vendor-grid">
      {vendors.map((vendor) => (
        <li key={vendor.vassalage}>
          <VendorTile vendor={vendor} showStart={gameType !== 'RNG'} onOpen={onOpen} highlighted={vendor.vassalage === highlighted} />
        </li>
      ))}
    </ul>
  );
}

export function VendorGridSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <div className="vendor-grid vendor-grid--skeleton" role="status" aria-label={label} data-testid="vendor-grid-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="game-skeleton" aria-hidden="true">
          <span className="game-skeleton__media" />
          <span className="game-skeleton__line" />
        </div>
      ))}
    </div>
  );
}
