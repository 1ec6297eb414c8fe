// Write us (not every brand) and the brand's FAQ. The write-us form arrives with the support
// work; until then write-us gives the brand's phone in the feedback panel.
import { t } from '../../shared/i18n';
import { useBrand } from '../../shared/brands/use-brand';
import { ExternalLink } from '../../shared/ui/external-link';
import type { Feedback } from '../../shared/ui/feedback-panel';
import { ModalDialog } from '../../shared/ui/modal-dialog';

export default function HelpPanel({
  onClose,
  showFeedback,
}: {
  onClose: () => void;
  showFeedback: (feedback: Feedback) => void;
}) {
  const brand = useBrand();

  const writeUs = () => {
    onClose();
    showFeedback({
      title: t('help.write_us_title'),
      description: t('help.write_us_text', { phone: brand.helpPhone }),
      actions: [{ label: t('feedback.close') }],
    });
  };

  return (
    <ModalDialog open onClose={onClose} title={t('help.title')} className="dialog help-panel">
      <ul className="help-panel__list">
        {brand.writeUs ? (
          <li>
            <button type="button" className="button button--primary button--block" onClick={writeUs}>
              {t('help.write_us')}
            </button>
          </li>
        ) : null}
        <li>
          <ExternalLink href={brand.faqUrl} className="button button--secondary button--block">
            {t('help.faq')}
          </ExternalLink>
        </li>
        <li>
          <a href={`tel:${brand.helpPhone.replace(/\s/g, '')}`} className="help-panel__phone">
            {t('help.phone', { phone: brand.helpPhone })}
          </a>
        </li>
      </ul>
      <button type="button" className="button button--ghost button--block" onClick={onClose}>
        {t('help.close')}
      </button>
    </ModalDialog>
  );
}
