import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { GameType } from '@app/contracts';
import { demoMachineFor } from '@app/house-games';
import { AppError } from '@app/kernel';
import { buildDemoCatalogue } from '../demo/demo-catalogue.ts';
import { FALLBACK_GAME_SVG, FALLBACK_VENDOR_SVG, gameArtSvg, vendorLogoSvg } from './game-art.ts';
import { HOUSE_VENDOR_LOGO_SVG, houseGameArtSvg } from './house-art.ts';

/**
 * Images we serve ourselves: generated art for the demo catalogue (icon_path
 * 'demo/game/<VENDOR>/<gameCode>.svg', logo_path 'demo/vendor/<VENDOR>.svg') and the fallbacks the
 * web shows when an image is missing, and the house games' own art (icon_path
 * 'house/game/<code>.svg', logo_path 'house/vendor/HOUSE.svg'). Register without a prefix: the
 * paths are absolute.
 */

const VENDOR_PARAM = /^[A-Za-z0-9_]{1,40}$/;
const SVG_FILE = /^([A-Za-z0-9_.:-]{1,80})\.svg$/;

interface DemoArtIndex {
  vendorNames: Map<string, string>;
  /** Vendors whose tile launches a lobby of a type without its product yet: the house slot it opens. */
  vendorOpens: Map<string, string>;
  gameTypes: Map<string, GameType>;
}

let demoArtIndex: DemoArtIndex | undefined;

/** Built on first use (~0.1 s) from the same deterministic data the seeder writes. */
function demoArt(): DemoArtIndex {
  if (!demoArtIndex) {
    const catalogue = buildDemoCatalogue();
    demoArtIndex = {
      vendorNames: new Map(catalogue.vendors.map((vendor) => [vendor.code, vendor.displayName])),
      vendorOpens: new Map(
        catalogue.vendors
          .filter((vendor) => vendor.isGame === 'GAME' && vendor.walletMode === 'seamless' && !vendor.gameTypes.includes('RNG'))
          .map((vendor) => [vendor.code, demoMachineFor(vendor.code, 'lobby').name.pt]),
      ),
      gameTypes: new Map(catalogue.games.map((game) => [`${game.vendorCode}/${game.gameCode}`, game.gameType])),
    };
  }
  return demoArtIndex;
}

function sendSvg(reply: FastifyReply, svg: string) {
  return reply
    .header('content-type', 'image/svg+xml; charset=utf-8')
    // The art of a path never changes (it is derived from the path alone).
    .header('cache-control', 'public, max-age=31536000, immutable')
    // SVG opened directly is a document: nothing in it may run or load anything.
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
    .send(svg);
}

/** Hostile, malformed and unknown names all get the same answer: the app's JSON 404, never a 500. */
function notFound(): AppError {
  return new AppError('route.not_found', 'no such image');
}

function codeOfFile(file: string | undefined): string {
  const match = SVG_FILE.exec(file ?? '');
  if (!match) throw notFound();
  return match[1]!;
}

export function mediaRoutes(): FastifyPluginAsync {
  return async (app) => {
    const options = { schema: { hide: true } };

    app.get<{ Params: { vendor: string; file: string } }>('/media/demo/game/:vendor/:file', options, async (request, reply) => {
      const { vendor } = request.params;
      if (!VENDOR_PARAM.test(vendor)) throw notFound();
      const gameCode = codeOfFile(request.params.file);
      const gameType = demoArt().gameTypes.get(`${vendor}/${gameCode}`);
      if (!gameType) throw notFound();
      // A tile of a type whose product does not exist yet opens a house slot: it shows that slot.
      if (gameType !== 'RNG') return sendSvg(reply, houseGameArtSvg(demoMachineFor(vendor, gameCode).code) ?? FALLBACK_GAME_SVG);
      return sendSvg(reply, gameArtSvg(`${vendor}/${gameCode}`, gameType));
    });

    app.get<{ Params: { file: string } }>('/media/house/game/:file', options, async (request, reply) => {
      const art = houseGameArtSvg(codeOfFile(request.params.file));
      if (art === undefined) throw notFound();
      return sendSvg(reply, art);
    });

    app.get('/media/house/vendor/HOUSE.svg', options, async (_request, reply) => sendSvg(reply, HOUSE_VENDOR_LOGO_SVG));

    app.get<{ Params: { file: string } }>('/media/demo/vendor/:file', options, async (request, reply) => {
      const vendor = codeOfFile(request.params.file);
      const displayName = VENDOR_PARAM.test(vendor) ? demoArt().vendorNames.get(vendor) : undefined;
      if (displayName === undefined) throw notFound();
      return sendSvg(reply, vendorLogoSvg(vendor, displayName, demoArt().vendorOpens.get(vendor)));
    });

    app.get('/media/fallback/game.svg', options, async (_request, reply) => sendSvg(reply, FALLBACK_GAME_SVG));
    app.get('/media/fallback/vendor.svg', options, async (_request, reply) => sendSvg(reply, FALLBACK_VENDOR_SVG));
  };
}
