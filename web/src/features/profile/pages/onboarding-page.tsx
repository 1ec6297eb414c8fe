// /onboarding: a short, skippable tour of the portal and of the modules this brand has. Finishing
// or skipping records it in userOptions, so it is shown once; the profile links to it again.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useBrand } from '../../../shared/brands/use-brand';
import { useAppStore } from '../../../shared/state/app-store';
import { updateUser } from '../api/profile-api';
import { ONBOARDING_SEEN, readOptions } from '../../../shared/session/user-options';
import { withProfileTexts } from '../i18n';
import onboardingTexts from '../texts.onboarding.it.json';

// This page's own texts come with it, not with every profile page (each within its 40 KB budget).
const t = withProfileTexts(onboardingTexts);

const STEPS = ['welcome', 'supplies', 'modules', 'profile'] as const;
const MODULE_NAMES = [
  'fatt',
  'panoram',
  'pay',
  'grafConsumi',
  'prat',
  'ser',
  'letture',
  'AutoLettura',
] as const;

export default function OnboardingPage() {
  const [step, setStep] = useState(0);
  const navigate = useNavigate();
  const brand = useBrand();
  const user = useAppStore((s) => s.user);
  const modules = useAppStore((s) => s.modules) ?? [];
  const save = useMutation(updateUser);
  const current = STEPS[step]!;
  const last = step === STEPS.length - 1;

  const finish = async () => {
    if (user) {
      const options = { ...readOptions(user.userOptions), [ONBOARDING_SEEN]: true };
      // Going on matters more than recording it: a failure has shown its popup.
      await save.mutateAsync({ body: { userOptions: JSON.stringify(options) } }).catch(() => null);
    }
    await navigate('/dashboard');
  };

  return (
    <div className="page page--narrow">
      <div className="card onboarding" aria-live="polite">
        <p className="muted">{t('profileOnboarding.step', { current: step + 1, total: STEPS.length })}</p>
        <h1 className="page__title">
          {t(`profileOnboarding.steps.${current}.title`, { brand: brand.name })}
        </h1>
        <p>{t(`profileOnboarding.steps.${current}.text`)}</p>
        {current === 'modules' ? (
          <ul>
            {MODULE_NAMES.filter((key) => modules.includes(key)).map((key) => (
              <li key={key}>{t(`profileOnboarding.module_names.${key}`)}</li>
            ))}
          </ul>
        ) : null}
        <div className="form-actions">
          {step > 0 ? (
            <button type="button" className="button button--secondary" onClick={() => setStep(step - 1)}>
              {t('profileOnboarding.previous')}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            disabled={save.isPending}
            onClick={() => (last ? void finish() : setStep(step + 1))}
          >
            {last ? t('profileOnboarding.finish') : t('profileOnboarding.next')}
          </button>
          {last ? null : (
            <button type="button" className="button button--secondary" onClick={() => void finish()}>
              {t('profileOnboarding.skip')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
