import { type ClassSizeShortfall, minimumClassSize } from "@src/modules/compliance/class-size";
import { CLASS_RULES_SOURCE, MINIMUM_CLASS_SIZE as RULE } from "@src/modules/compliance/rules";
import { useId } from "react";
import { Heading, type HeadingLevel } from "./Heading";
import "./compliance.css";

export interface ClassRulesNoticeProps {
  /** Level of the widget's heading within the host page (default 2). */
  headingLevel?: HeadingLevel;
  /** From checkClassSizes; nothing is shown when there are none. */
  shortfalls: readonly ClassSizeShortfall[];
  /** The employer's headcount on the first day of the plan year. */
  totalHeadcount: number;
}

/** Explains the minimum class size rule for the classes that fall short of it. */
export function ClassRulesNotice({ shortfalls, totalHeadcount, headingLevel = 2 }: ClassRulesNoticeProps) {
  const id = useId();
  if (shortfalls.length === 0) return null;
  const tier = totalHeadcount < RULE.smallEmployerBelow ? "small" : totalHeadcount <= RULE.midEmployerUpTo ? "mid" : "large";
  const tiers = [
    { key: "small", text: `Fewer than ${RULE.smallEmployerBelow} employees: at least ${RULE.smallEmployerMinimum} in each class` },
    { key: "mid", text: `${RULE.smallEmployerBelow} to ${RULE.midEmployerUpTo} employees: at least 10% of the headcount, rounded down` },
    { key: "large", text: `More than ${RULE.midEmployerUpTo} employees: at least ${RULE.largeEmployerMinimum} in each class` },
  ];
  return (
    <section class="compliance-rules" aria-labelledby={`${id}-heading`}>
      <Heading level={headingLevel} id={`${id}-heading`}>
        {shortfalls.length === 1
          ? "A class is below the minimum class size"
          : `${shortfalls.length} classes are below the minimum class size`}
      </Heading>
      <ul>
        {shortfalls.map((s) => (
          <li key={s.className}>{s.message}</li>
        ))}
      </ul>
      <p>
        When an employer offers a traditional group health plan to some employees and an ICHRA to others, each ICHRA class based on
        full-time or part-time status, salaried or hourly pay, or a geographic area smaller than a state (alone or combined with another
        class) needs a minimum number of employees, counted on the first day of the plan year. The rule does not apply to a class combined
        with a waiting period, or when no group plan is offered.
      </p>
      <ul class="class-size-tiers">
        {tiers.map((t) => (
          <li key={t.key}>
            {t.text}
            {t.key === tier && (
              <strong>
                {" "}
                — you: {totalHeadcount} employees, minimum {minimumClassSize(totalHeadcount)}
              </strong>
            )}
          </li>
        ))}
      </ul>
      <small>Source: {CLASS_RULES_SOURCE}.</small>
    </section>
  );
}
