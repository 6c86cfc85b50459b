// A coloured badge per form type with its icon; the icon is decoration, the word is the label.
const looks: Record<string, { label: string; icon: string }> = {
  employers: { label: "Employers", icon: "🏢" },
  brokers: { label: "Brokers", icon: "🤝" },
  platforms: { label: "Platforms", icon: "🔌" },
  contact: { label: "Contact", icon: "✉️" },
  enrollment: { label: "Enrollment", icon: "📝" },
};

export function FormTypeBadge({ type }: { type: string }) {
  const look = looks[type] ?? { label: type, icon: "•" };
  return (
    <span class={`type-badge type-${looks[type] ? type : "other"}`}>
      <span aria-hidden="true">{look.icon}</span> {look.label}
    </span>
  );
}
