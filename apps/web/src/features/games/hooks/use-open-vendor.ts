import { useNavigate } from 'react-router';
import type { GameType, Vendor } from '@app/contracts';
import { isCentreType, vendorListPath } from '../game-types.ts';
import { useStartGame } from './use-start-game.ts';

/**
 * What choosing a vendor tile does: a GAME vendor launches its lobby; a VASSALAGE vendor shows
 * its games — the type's list filtered to it, or on a game centre the pop-up list.
 */
export function useOpenVendor(gameType: GameType, showPopup?: (vendor: Vendor) => void): (vendor: Vendor) => void {
  const navigate = useNavigate();
  const { startLobby } = useStartGame();
  return (vendor) => {
    if (vendor.isGame === 'GAME') startLobby(vendor.vassalage);
    else if (isCentreType(gameType) && showPopup) showPopup(vendor);
    else navigate(vendorListPath(gameType, vendor.vassalage));
  };
}
