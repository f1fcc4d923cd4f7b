export interface BureauInquiry {
  social_security_number: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  zip?: string;
}

export interface BureauReport {
  /** The inquiry's reference at the bureau (kept with the decision for an adverse-action notice). */
  reportId: string;
  /** false: no file found for the person (a "no hit"). */
  hit: boolean;
  /** A 300-850 score, or null when there is no file or too little history to score. */
  score: number | null;
  /** Key factors behind the score, as bureaus report them (for the adverse-action notice). */
  factors: string[];
}

/** The consumer-reporting agency that scores applicants. */
export interface BureauPort {
  pull(inquiry: BureauInquiry): Promise<BureauReport>;
}
