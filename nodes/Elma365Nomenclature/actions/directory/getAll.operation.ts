import { nomenclatureList } from '../listForm';

export const { description, execute } = nomenclatureList('directory', '/nomenclature/directory');
