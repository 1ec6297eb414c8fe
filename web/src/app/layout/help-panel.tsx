// Write us (not every brand), the brand's FAQ, and its phone with the hours it answers. Write us hands over to the contact modal.
import { t } from '../../shared/i18n';
import { SupportHoursList } from '../../shared/brands/support-hours';
import { useBrand } from '../../shared/brands/use-brand';
import { ExternalLink } from '../../shared/ui/external-link';
import { ModalDialog } from '../../shared/ui/modal-dialog';

export default function HelpPanel({ onClose, onWriteUs }: { onClose: () => void; onWriteUs: () => void }) {
  const brand = useBrand();

  return (
    <ModalDialog open onClose={onClose} title={t('help.title')} className="dialog help-panel">
      <ul className="help-panel__list">
        {brand.writeUs ? (
          <li>
            <button type="button" className="button button--primary button--block" onClick={onWriteUs}>
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
          <SupportHoursList brand={brand} className="help-panel__hours" />
        </li>
      </ul>
      <button type="button" className="button button--ghost button--block" onClick={onClose}>
        {t('help.close')}
      </button>
    </ModalDialog>
  );
}
