import { useTranslation } from 'react-i18next';

/**
 * Classifies are vendor data ("slots", "table", "jackpot"). The known ones are translated; an
 * unknown one is shown as the vendor wrote it rather than hidden.
 */
export function useClassifyLabel(): (classify: string) => string {
  const { t, i18n } = useTranslation('games');
  return (classify) => {
    const key = `games:classifies.${classify.toLowerCase()}`;
    if (!i18n.exists(key)) return classify.charAt(0).toUpperCase() + classify.slice(1);
    return String((t as unknown as (key: string) => unknown)(key));
  };
}
