import { nomenclatureList } from '../listForm';

export const { description, execute } = nomenclatureList('case', '/nomenclature');
