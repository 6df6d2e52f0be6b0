export { VideoPlayerModal, type PlayableRecording } from './components/VideoPlayerModal';
