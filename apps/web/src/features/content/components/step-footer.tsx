import { useTranslation } from 'react-i18next';
import { Button } from '@app/ui';

interface StepFooterProps {
  index: number;
  count: number;
  onStep: (index: number) => void;
  onDone: () => void;
  /** Prefix of the buttons' test ids (`announcement` → announcement-next, …). */
  testPrefix: string;
}

/** Previous / "2 of 3" / next, and "Got it" on the last one: several items in one modal. */
export function StepFooter({ index, count, onStep, onDone, testPrefix }: StepFooterProps) {
  const { t } = useTranslation('content');
  const isLast = index >= count - 1;
  return (
    <div className="step-footer">
      {count > 1 ? (
        <>
          <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => onStep(index - 1)} data-testid={`${testPrefix}-prev`}>
            {t('stepper.previous')}
          </Button>
          <span className="step-footer__count" data-testid={`${testPrefix}-step`}>
            {t('stepper.position', { current: index + 1, total: count })}
          </span>
        </>
      ) : null}
      {isLast ? (
        <Button variant="accent" size="sm" onClick={onDone} data-testid={`${testPrefix}-done`}>
          {t('stepper.done')}
        </Button>
      ) : (
        <Button variant="primary" size="sm" onClick={() => onStep(index + 1)} data-testid={`${testPrefix}-next`}>
          {t('stepper.next')}
        </Button>
      )}
    </div>
  );
}
