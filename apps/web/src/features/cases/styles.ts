// Mantine's CSS for the case and calendar screens, loaded with their chunks.
import '../../components/resource/mantineStyles';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Timeline.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/NumberInput.css';
