import { formatLongDate, isIsoDate } from "@src/lib/date-rules";
import type { NoticeView } from "@src/modules/employees/model";
import { useId } from "react";
import { ScrollTable } from "../table/ScrollTable";
import "./EmployeeNotice.css";

const longDate = (date: string) => (isIsoDate(date) ? formatLongDate(date) : date);

/**
 * The ICHRA notice, every element of 26 CFR 54.9802-4(c)(6) in the Department of Labor's
 * model order, as the server states it (the same text its email carries), laid out to
 * print (see EmployeeNotice.css).
 */
export function EmployeeNotice({ notice }: { notice: NoticeView }) {
  const id = useId();
  return (
    <article class="employee-notice">
      <header>
        <p class="notice-from">{notice.businessName}</p>
        <h1>{notice.title}</h1>
        <p>
          For employees in the class <strong>{notice.className}</strong> · Plan year {longDate(notice.planYearStart)} to{" "}
          {longDate(notice.planYearEnd)}
        </p>
      </header>
      {notice.sections.map((section) => (
        <section key={section.id} aria-labelledby={`${id}-${section.id}`} data-element={section.id}>
          <h2 id={`${id}-${section.id}`}>{section.heading}</h2>
          {section.paragraphs.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {section.table && (
            <ScrollTable label={section.table.caption} caption={section.table.caption} columns={section.table.head}>
              {section.table.rows.map((row) => (
                <tr key={row.join("|")}>
                  {row.map((cell, i) =>
                    // An age band's row is named by its ages.
                    i === 0 && section.table!.head[0].startsWith("Your age") ? (
                      <th key={cell} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={`${i}-${cell}`}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </ScrollTable>
          )}
          {section.list && (
            <ul>
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
      <p class="no-print">
        <button type="button" onClick={() => window.print()}>
          Print this notice
        </button>
      </p>
    </article>
  );
}
