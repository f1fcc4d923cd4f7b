import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { common } from '../../../machines/i18n/common.ts';
import { shell } from '../../../machines/i18n/shell.ts';
import { I18nProvider } from '../../../web/lib/i18n.tsx';
import { Calculator, type CalculatorProps } from '../../../web/shopper/calculator/Calculator.tsx';

/** The calculator of an Ohio applicant approved for $4,000 (option A) or $3,600 (B); `props` change what a test needs. */
export function renderCalculator(props: Partial<CalculatorProps> = {}) {
  const onContinue = vi.fn();
  render(
    <I18nProvider areas={[common, shell]}>
      <Calculator
        offerAmounts={{ A: '4000.00', B: '3600.00', C: '0.00', D: '0.00' }}
        incomeFrequency="bi-weekly"
        ocpEnabled
        optionCEnabled={false}
        minApprovalAmount={300}
        rating={15}
        isHvac={false}
        applicantState="OH"
        companyState="OH"
        zipCode="43215"
        applicationId="app-1"
        score={640}
        decile={6}
        onContinue={onContinue}
        {...props}
      />
    </I18nProvider>,
  );
  return { onContinue };
}
