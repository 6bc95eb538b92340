import '../../games/components/game-grid.css';
/** Two rows of card-shaped placeholders while the home rows load. */
export function GameRowsSkeleton({ label }: { label: string }) {
  return (
    <div className="game-rows" role="status" aria-label={label} data-testid="home-rows-skeleton">
      {[0, 1].map((row) => (
        <div key={row} className="stack" aria-hidden="true">
          <span className="game-row-skeleton__title game-skeleton__line" />
          <div className="game-row__track">
            {Array.from({ length: 8 }, (_, index) => (
              <div key={index} className="game-skeleton">
                <span className="game-skeleton__media" />
                <span className="game-skeleton__line" />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
