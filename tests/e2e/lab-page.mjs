// The page object: how the tests find things in the lab, by data-testid and role only.
export class LabPage {
  constructor(page) {
    this.page = page;
    this.traceRows = page.getByTestId("trace-row");
    this.traceSummary = page.getByTestId("trace-summary");
  }

  async open(query = "") {
    await this.page.goto(query ? `./?${query}` : "./");
    await this.traceSummary.waitFor();
  }
}
