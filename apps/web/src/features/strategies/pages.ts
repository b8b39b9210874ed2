// Strategies and campaigns (issue 36), one module for the route table's lazy imports.
export { RunViewPage } from './RunViewPage';
export { StrategiesListPage } from './StrategiesListPage';
export { StrategyAddPage, StrategyEditPage } from './StrategyFormPage';
export { StrategyViewPage } from './StrategyViewPage';
