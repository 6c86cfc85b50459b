// A class notice as the server states it (compliance/notice.ts), for the notice's component tests.
import { NOTICE_TITLE, type NoticeInput, noticeSections } from "@src/modules/compliance/notice";
import type { NoticeView } from "@src/modules/employees/model";

export const sampleNoticeInput: NoticeInput = {
  businessName: "Acme Bakery LLC",
  className: "Full-time staff",
  terms: {
    allowanceCents: 30_000,
    familyCents: 90_000,
    ageBands: [
      { minAge: 0, maxAge: 39, allowanceCents: 30_000, familyCents: 90_000 },
      { minAge: 40, allowanceCents: 70_000, familyCents: 120_000 },
    ],
  },
  planYearStart: "2027-01-01",
  planYearEnd: "2027-12-31",
  contact: { name: "Dana Lee", email: "benefits@acmebakery.example", phone: "(555) 010-2000" },
  administrator: { name: "Advantage ICHRA", email: "help@advantage.example", phone: "1-800-555-0100" },
};
export const sampleNotice: NoticeView = {
  title: NOTICE_TITLE,
  businessName: sampleNoticeInput.businessName,
  className: sampleNoticeInput.className,
  planYearStart: sampleNoticeInput.planYearStart,
  planYearEnd: sampleNoticeInput.planYearEnd,
  sections: noticeSections(sampleNoticeInput),
};
