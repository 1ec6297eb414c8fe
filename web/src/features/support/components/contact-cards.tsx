// The brand's phone (with hours) and FAQ cards and the write-us button, the same on /support and
// /helpers/support.
import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { SupportHoursList } from '../../../shared/brands/support-hours';
import { useBrand } from '../../../shared/brands/use-brand';
import { ExternalLink } from '../../../shared/ui/external-link';
import { useFeedback } from '../../../shared/ui/feedback-panel';
import { useReturnFocus } from '../../../shared/ui/use-return-focus';
import { t } from '../i18n';
import type { ContactModalProps } from './contact-dialog';

export function PhoneCard() {
  const brand = useBrand();
  return (
    <section className="support-card" aria-labelledby="support-phone">
      <h2 id="support-phone" className="support-card__title">
        {t('support.page.phone_title')}
      </h2>
      <a className="support-card__phone" href={`tel:${brand.helpPhone.replace(/\s/g, '')}`}>
        {brand.helpPhone}
      </a>
      <SupportHoursList brand={brand} className="support-card__hours" />
      <p>{t('support.page.free_call')}</p>
    </section>
  );
}

/** The FAQ link, and whatever else the page adds under it. */
export function FaqCard({ children }: { children?: ReactNode }) {
  const brand = useBrand();
  return (
    <section className="support-card" aria-labelledby="support-faq">
      <h2 id="support-faq" className="support-card__title">
        {t('support.page.faq_title')}
      </h2>
      <p>{t('support.page.faq_text')}</p>
      <ExternalLink href={brand.faqUrl}>{t('support.page.faq_link')}</ExternalLink>
      {children}
    </section>
  );
}

/** The write-us button and the modal it opens (a lazy one loads on the first click), with the feedback. */
export function WriteUsButton({ modal: Modal }: { modal: ComponentType<ContactModalProps> }) {
  const feedback = useFeedback();
  const [writing, setWriting] = useState(false);
  const opener = useReturnFocus(writing);
  return (
    <>
      <button ref={opener} type="button" className="button button--primary" onClick={() => setWriting(true)}>
        {t('support.page.write_button')}
      </button>
      {writing ? (
        <Suspense fallback={null}>
          <Modal onClose={() => setWriting(false)} onSent={feedback.show} />
        </Suspense>
      ) : null}
      {feedback.panel}
    </>
  );
}
