// The app's back button (iOS has no hardware one); routes with `app.hideBack` do without it.
import { useNavigate } from 'react-router';
import { t } from './i18n';

export default function AppBackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" className="button button--secondary app-back" onClick={() => void navigate(-1)}>
      <span aria-hidden="true">‹ </span>
      {t('native.back')}
    </button>
  );
}
