const TEXTS = {
  sv: { group: 'Resursgrupp: Padelbanor', items: ['Bana 1', 'Bana 2', 'Bana 3'], caption: 'En grupp med likvärdiga resurser' },
  en: { group: 'Resource group: Padel courts', items: ['Court 1', 'Court 2', 'Court 3'], caption: 'A group of interchangeable resources' },
} as const;

const COLORS = ['#4fc3f7', '#81c784', '#ffb74d'];

/**
 * The wizard's example image: a resource group holding three resources, drawn inline in Swedish or
 * English (other languages see the English one).
 * @example <WizardIllustration language="sv" />
 */
export function WizardIllustration({ language }: { language: string }) {
  const t = language === 'sv' ? TEXTS.sv : TEXTS.en;
  return (
    <svg viewBox="0 0 320 200" role="img" aria-label={`${t.group}: ${t.items.join(', ')}`} style={{ width: '100%', maxWidth: 320, height: 'auto' }} data-language={language === 'sv' ? 'sv' : 'en'}>
      <rect x="4" y="4" width="312" height="192" rx="14" fill="#f5f7fa" stroke="#cfd8dc" strokeWidth="2" />
      <rect x="20" y="18" width="280" height="30" rx="8" fill="#37474f" />
      <text x="160" y="38" textAnchor="middle" fontFamily="Roboto, Arial, sans-serif" fontSize="14" fill="#ffffff">
        {t.group}
      </text>
      {t.items.map((name, i) => (
        <g key={name} transform={`translate(${24 + i * 94} 62)`}>
          <rect width="84" height="92" rx="8" fill="#ffffff" stroke={COLORS[i]} strokeWidth="3" />
          <rect x="12" y="12" width="60" height="44" rx="3" fill={COLORS[i]} opacity="0.35" />
          <line x1="42" y1="12" x2="42" y2="56" stroke={COLORS[i]} strokeWidth="2" />
          <line x1="12" y1="34" x2="72" y2="34" stroke="#ffffff" strokeWidth="2" />
          <text x="42" y="78" textAnchor="middle" fontFamily="Roboto, Arial, sans-serif" fontSize="13" fill="#263238">
            {name}
          </text>
        </g>
      ))}
      <text x="160" y="182" textAnchor="middle" fontFamily="Roboto, Arial, sans-serif" fontSize="12" fill="#546e7a">
        {t.caption}
      </text>
    </svg>
  );
}
