// /helpers/find-door (no login): where the client code, the POD and the PDR are on a bill, on an
// annotated drawing of a demo bill's first page. The drawing is decorative next to the numbered
// notes, which say the same in words; its text alternative sums it up.
import { useBrand } from '../../../shared/brands/use-brand';
import { t } from '../i18n';
import '../support.css';

function Marker({ x, y, n }: { x: number; y: number; n: number }) {
  return (
    <g>
      <circle cx={x} cy={y} r="14" fill="var(--color-primary)" />
      <text x={x} y={y + 5} textAnchor="middle" fontSize="15" fontWeight="700" fill="var(--color-on-primary)">
        {n}
      </text>
    </g>
  );
}

/** The three codes the page explains, framed and numbered on the drawing. */
const HIGHLIGHTS = [
  { text: 'client_code', x: 216, y: 96, width: 172 },
  { text: 'pod', x: 32, y: 300, width: 190 },
  { text: 'pdr', x: 32, y: 430, width: 190 },
] as const;

function DemoBill() {
  const brand = useBrand();
  const s = (key: string) => t(`support.find_door.svg.${key}` as 'support.find_door.svg.brand');
  return (
    <svg viewBox="0 0 400 520" role="img" aria-labelledby="demo-bill-title">
      <title id="demo-bill-title">{t('support.find_door.figure_label')}</title>
      <rect width="400" height="520" fill="#fff" />
      <rect width="400" height="56" fill="var(--color-primary)" />
      <text x="20" y="35" fontSize="18" fontWeight="700" fill="var(--color-on-primary)">
        {brand.name}
      </text>
      <text x="20" y="86" fontSize="13" fill="#333">
        {s('brand')}
      </text>
      <text x="230" y="86" fontSize="14" fontWeight="700" fill="#222">
        {s('holder')}
      </text>
      <rect x="20" y="150" width="360" height="70" rx="6" fill="#f3f3f6" />
      <text x="32" y="178" fontSize="16" fontWeight="700" fill="#222">
        {s('total')}
      </text>
      <rect x="20" y="240" width="360" height="110" rx="6" fill="#f3f3f6" />
      <rect x="20" y="370" width="360" height="110" rx="6" fill="#f3f3f6" />
      {HIGHLIGHTS.map((box, i) => (
        <g key={box.text}>
          <rect
            x={box.x}
            y={box.y}
            width={box.width}
            height="28"
            rx="4"
            fill="none"
            stroke="var(--color-primary)"
            strokeWidth="3"
          />
          <text x={box.x + 8} y={box.y + 19} fontSize="13" fill="#222">
            {s(box.text)}
          </text>
          <Marker x={box.x + box.width} y={box.y} n={i + 1} />
        </g>
      ))}
      {[262, 280, 392, 410].map((y) => (
        <rect key={y} x="32" y={y} width="240" height="8" rx="4" fill="#d5d5de" />
      ))}
    </svg>
  );
}

export default function FindDoorPage() {
  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 className="page__title">{t('support.find_door.heading')}</h1>
          <p className="page__intro">{t('support.find_door.intro')}</p>
        </div>
      </div>
      <div className="bill-figure">
        <DemoBill />
        <ol className="bill-figure__notes">
          {(['client_code', 'pod', 'pdr'] as const).map((key) => (
            <li key={key} className="support-card">
              <h2 className="support-card__title">{t(`support.find_door.${key}_title`)}</h2>
              <p>{t(`support.find_door.${key}_text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
