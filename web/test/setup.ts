import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens load on demand (React.lazy): the first visit of a route in a test file transforms its module.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
