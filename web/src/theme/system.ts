import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/**
 * A calm green-teal palette for an environmental B2B portal. `brand.600` carries white text at a 5.6:1
 * contrast and `brand.700` text on white reaches 7.7:1 (WCAG AA for body text and controls).
 */
const config = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e8f6f2' },
          100: { value: '#c6e9df' },
          200: { value: '#9dd8c8' },
          300: { value: '#67c1ab' },
          400: { value: '#35a68e' },
          500: { value: '#1a8c76' },
          600: { value: '#137563' },
          700: { value: '#0f5e50' },
          800: { value: '#0c4a40' },
          900: { value: '#083830' },
          950: { value: '#04241f' },
        },
      },
      fonts: {
        heading: {
          value: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', sans-serif",
        },
        body: {
          value: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', sans-serif",
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.200}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.300}' } },
        },
        'bg.canvas': { value: { _light: '#f6faf9', _dark: '{colors.gray.950}' } },
        // Chakra's red.500 gives field errors 3.8:1 on white; red.700 reaches 6.5:1 (WCAG AA for small text).
        'fg.error': { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
      },
    },
  },
  globalCss: {
    html: { colorPalette: 'brand' },
    body: { bg: 'bg.canvas', color: 'fg' },
  },
});

export const system = createSystem(defaultConfig, config);
